// A Vue 3 app on @tanstack/vue-query that lists and adds plants through
// plant-store-sdk/tanstack-query: what vue-app.test.ts renders. Render functions rather than
// single-file components, so no compiler step is needed.
import { useMutation, useQuery } from "@tanstack/vue-query";
import { defineComponent, h, type PropType } from "vue";
import type { PlantStoreQueries } from "../../../src/tanstack-query/index.js";
import { describeError } from "./describe-error.js";

export const Plants = defineComponent({
  props: {
    queries: { type: Object as PropType<PlantStoreQueries>, required: true },
    label: { type: String, required: true },
  },
  setup(props) {
    const plants = useQuery(props.queries.listPlants());
    const create = useMutation(props.queries.createPlant());

    function add(event: Event) {
      event.preventDefault();
      const form = event.currentTarget as HTMLFormElement;
      const name = String(new FormData(form).get("name"));
      create.mutate({ name }, { onSuccess: () => form.reset() });
    }

    return () =>
      h("section", { "aria-label": props.label }, [
        plants.isPending.value
          ? h("p", { role: "status" }, "Loading plants…")
          : plants.error.value
            ? h(
                "p",
                { role: "alert" },
                `Could not load the plants: ${describeError(plants.error.value)}`,
              )
            : h(
                "ul",
                (plants.data.value ?? []).map((plant) => h("li", plant.name)),
              ),
        h("form", { onSubmit: add }, [
          h("label", ["Name ", h("input", { name: "name" })]),
          h("button", { type: "submit", disabled: create.isPending.value }, "Add plant"),
        ]),
        create.error.value
          ? h(
              "p",
              { role: "alert" },
              `Could not add the plant: ${describeError(create.error.value)}`,
            )
          : null,
      ]);
  },
});

/** One list per client, side by side. */
export const App = defineComponent({
  props: { lists: { type: Object as PropType<Record<string, PlantStoreQueries>>, required: true } },
  setup(props) {
    return () =>
      Object.entries(props.lists).map(([label, queries]) =>
        h(Plants, { key: label, label, queries }),
      );
  },
});
