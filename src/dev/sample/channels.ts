/**
 * One number per kind of random draw, mixed into every hash key, so that adding a draw of one kind
 * never shifts the numbers of another.
 */
export const CHANNEL = {
  seed: 1,
  taxonomy: 2,
  benchNames: 3,
  bench: 4,
  benchDrift: 5,
  providers: 6,
  provider: 7,
  lineNames: 8,
  line: 9,
  lineTraits: 10,
  family: 11,
  config: 12,
  drift: 13,
  revision: 14,
  updated: 15,
  score: 16,
  scoreNoise: 17,
  votes: 18,
  fetched: 19,
} as const;
