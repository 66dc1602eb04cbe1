// The app under test: a page that lists plants and adds one through the Plant Store API.
// It knows nothing of the tests: the API's address and token come from the page's URL
// (?api=...&token=...), as they would come from an app's configuration.
const settings = new URLSearchParams(location.search);
const api = settings.get("api");
const token = settings.get("token");

const list = document.getElementById("plants");
const status = document.getElementById("status");
const problem = document.getElementById("problem");
const form = document.getElementById("add-plant");

async function callApi(path, init = {}) {
  const response = await fetch(`${api}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${body.message} (${response.status})`);
  return body;
}

function show(plant) {
  const item = document.createElement("li");
  item.textContent = plant.name;
  if (plant.tag !== undefined) {
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = plant.tag;
    item.append(tag);
  }
  list.append(item);
}

function count() {
  status.textContent = `${list.children.length} plants`;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  const tag = form.elements.tag.value.trim();
  problem.hidden = true;
  try {
    const plant = await callApi("/plants", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tag === "" ? { name } : { name, tag }),
    });
    show(plant);
    count();
    form.reset();
  } catch (error) {
    problem.textContent = `Could not add the plant: ${error.message}`;
    problem.hidden = false;
  }
});

try {
  for (const plant of await callApi("/plants")) show(plant);
  count();
} catch (error) {
  status.textContent = `Could not load the plants: ${error.message}`;
}
