// PlantStoreContainer: plant-store-mock's image as a Testcontainers GenericContainer. Each
// method becomes one of the CLI's flags (or the environment variable that carries a token), and
// is checked when it is called by the CLI's own checks, with the CLI's messages: a mistake
// throws there, in the test's set-up, not later as a container that fails to start.
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { GenericContainer, Wait } from "testcontainers";
import { SDK_VERSION } from "../client/client.js";
import { checkOptionNames } from "../contract/option-names.js";
import type { SeedPlant } from "../contract/plant-types.js";
import { checkToken } from "../mock/http/bearer-auth.js";
import { readGenerate } from "../server/cli/number-flags.js";
import { checkSeedPlants } from "../server/cli/seed-plants.js";
import { DEMO_TOKEN } from "../server/server-options.js";
import { PLANT_STORE_PORT, StartedPlantStoreContainer } from "./started-plant-store-container.js";

/** Where withSeed's plants are copied in the container, for `--seed`. */
const SEED_FILE = "/seed/plants.json";

/** Options of {@link PlantStoreContainer.withGenerate}. */
export interface PlantStoreContainerGenerateOptions {
  /** The same seed gives the same plants (`--generate-seed`, default 0). */
  seed?: number | undefined;
}

// A number becomes the text of its flag, for the CLI's check to read; anything else becomes a
// text no flag takes, so it is refused with the same sentence as any other bad value.
const flagText = (value: unknown) => (typeof value === "number" ? String(value) : "");

/**
 * The reference Plant Store in a container, started from the image `npm run image` builds
 * (`plant-store-mock:<this package's version>` unless another is named). Without withToken it
 * accepts the public demo token, which `client()` then sends.
 */
export class PlantStoreContainer extends GenericContainer {
  #tokens: readonly string[] = [];
  #generate: { count: number; seed: number | undefined } | undefined;
  #seed: SeedPlant[] | undefined;
  #adminToken: string | undefined;
  #extraFlags: readonly string[] = [];
  #logConsumer: ((stream: Readable) => unknown) | undefined;

  constructor(image = `plant-store-mock:${SDK_VERSION}`) {
    if (typeof image !== "string" || image === "") {
      throw new TypeError(
        "PlantStoreContainer: image must be an image name, such as plant-store-mock:latest.",
      );
    }
    super(image);
    this.withExposedPorts(PLANT_STORE_PORT);
    // The server prints its URL as its first line once it listens: ready, with no fixed sleep.
    this.withWaitStrategy(Wait.forLogMessage(/^http:\/\/\S+$/m));
  }

  /** The bearer token(s) the server accepts (`--token`); `client()` sends the first. */
  withToken(token: string, ...moreTokens: string[]): this {
    const tokens = [token, ...moreTokens];
    for (const each of tokens) checkToken(each, "--token");
    this.#tokens = tokens;
    return this;
  }

  /** Starts with `count` generated plants (`--generate`), the same ones for the same `seed`. */
  withGenerate(count: number, options: PlantStoreContainerGenerateOptions = {}): this {
    checkOptionNames(options, { seed: true }, "withGenerate: ");
    const seed = options.seed === undefined ? undefined : flagText(options.seed);
    this.#generate = readGenerate(flagText(count), seed);
    return this;
  }

  /** Starts with these public plants (`--seed`), before any withGenerate ones. */
  withSeed(plants: readonly SeedPlant[]): this {
    this.#seed = checkSeedPlants(plants, "withSeed");
    return this;
  }

  /** Turns the admin endpoints on, behind an admin token made for this container (`admin()` sends it). */
  withAdmin(): this {
    this.#adminToken = `admin-${randomBytes(24).toString("base64url")}`;
    return this;
  }

  /** More of plant-store-mock's flags (`["--create-status", "200"]`), after the ones the methods set. */
  override withCommand(flags: string[]): this {
    this.#extraFlags = [...flags];
    return this;
  }

  /** Also sees the server's output; the container keeps its own reader (see start). */
  override withLogConsumer(consumer: (stream: Readable) => unknown): this {
    this.#logConsumer = consumer;
    return this;
  }

  /**
   * Starts the container and resolves once the server listens (its first line is out). A
   * server that refuses to start rejects with its one-line error.
   */
  override async start(): Promise<StartedPlantStoreContainer> {
    const flags: string[] = [];
    if (this.#seed !== undefined) {
      this.withCopyContentToContainer([{ content: JSON.stringify(this.#seed), target: SEED_FILE }]);
      flags.push("--seed", SEED_FILE);
    }
    if (this.#generate !== undefined) {
      flags.push("--generate", String(this.#generate.count));
      if (this.#generate.seed !== undefined)
        flags.push("--generate-seed", String(this.#generate.seed));
    }
    if (this.#adminToken !== undefined) flags.push("--admin");
    super.withCommand([...flags, ...this.#extraFlags]);
    // Tokens go in the environment, not the command line, which `docker ps` shows to anyone.
    this.withEnvironment({
      ...(this.#tokens.length === 0 ? {} : { PLANT_STORE_TOKENS: this.#tokens.join(",") }),
      ...(this.#adminToken === undefined ? {} : { PLANT_STORE_ADMIN_TOKEN: this.#adminToken }),
    });
    // The server's last line, kept so that a start that fails says why (the CLI's one-line
    // error) rather than only that the first line never came.
    let lastLine = "";
    super.withLogConsumer((stream) => {
      stream.on("data", (line: unknown) => {
        const text = String(line).trim();
        if (text !== "") lastLine = text;
      });
      this.#logConsumer?.(stream);
    });
    let started: Awaited<ReturnType<GenericContainer["start"]>>;
    try {
      started = await super.start();
    } catch (error) {
      if (lastLine === "") throw error;
      throw new Error(`plant-store-mock did not start: ${lastLine}`, { cause: error });
    }
    return new StartedPlantStoreContainer(started, {
      token: this.#tokens[0] ?? DEMO_TOKEN,
      adminToken: this.#adminToken,
    });
  }
}
