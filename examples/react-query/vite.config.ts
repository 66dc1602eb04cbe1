// Vite serves and builds the page; Vitest reads the same file and runs the component tests
// in jsdom.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: { environment: "jsdom" },
});
