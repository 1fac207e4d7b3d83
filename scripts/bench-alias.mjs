// One anchor and one alias added to a YAML description, for the benchmarks' rows of a text with
// aliases (bench-tree.ts parses it, bench-lsp.mjs edits it). A module of its own: bench-tree.ts is
// bundled, and bench-inputs.mjs reads its own place (import.meta), which a bundle does not have.

/** The text with `x-shared: &shared` and `x-copy: *shared` before its `info:` line. */
export function withOneAlias(text) {
  return text.replace(/^info:\n/m, 'x-shared: &shared\n  description: Shared\nx-copy: *shared\ninfo:\n');
}
