// The cycle check of `npm run lint` (decision 073): no module may reach itself
// through its imports, type-only imports included. ESLint's import/no-cycle
// skips `import type` edges, so a cycle made of them (messages -> api-types ->
// link-list -> messages, once) passed; dependency-cruiser reads the TypeScript
// before compilation and sees them. The arrows between folders are ESLint's
// (eslint.config.js, LAYERS); this file only forbids cycles.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "A module reaches itself through its imports (type-only ones count): move the shared part below both.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Prisma's generated clients are not ours, and cycle among themselves.
    exclude: { path: "^prisma/generated" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
  },
};
