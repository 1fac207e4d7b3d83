// Distinct schema names made of a few words, in camel case, snake case or with a number, from a seeded
// generator: the symbol tests compare their answers over many such names with scoring each name.

export interface NameShape {
  seed: number;
  words: readonly string[];
  /** At most this many words a name. */
  maxWords: number;
  /** One name in this many joins its words with `_`. */
  underscoreOneIn: number;
  /** A third of the names end in a number below this. */
  numbersBelow: number;
}

/** `count` distinct names; the same shape always gives the same names. */
export function schemaNames(count: number, shape: NameShape): string[] {
  let seed = shape.seed;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 8) % n;
  const { words } = shape;
  const names = new Set<string>();
  while (names.size < count) {
    const parts = Array.from({ length: 1 + random(shape.maxWords) }, () => words[random(words.length)]);
    const joined = parts.map((w, i) => (i > 0 || random(2) ? w[0].toUpperCase() + w.slice(1) : w)).join(random(shape.underscoreOneIn) === 0 ? '_' : '');
    names.add(`${joined}${random(3) === 0 ? random(shape.numbersBelow) : ''}`);
  }
  return [...names];
}
