/** A model's rank movement as the leaderboard's index writes it (`+3`, `-2`, `=`, `new`) and as a page shows it. */
import type { Movement } from '../data/types.ts';

/** `+3`, `-2`, `=` (same), `new`, or `` (nothing to compare with). */
export function encodeMovement(m: Movement): string {
  switch (m.kind) {
    case 'up':
      return `+${m.by}`;
    case 'down':
      return `-${m.by}`;
    case 'same':
      return '=';
    case 'new':
      return 'new';
    default:
      return '';
  }
}

export interface MovementView {
  kind: 'up' | 'down' | 'same' | 'new';
  /** What the eye reads: ▲2, ▼1, –, new. */
  shown: string;
  /** What a screen reader says instead. */
  said: string;
}

/** The marker of a model's rank change (`+3`, `-2`, `=`, `new`), or undefined when there is nothing to compare with. */
export function movementView(code: string): MovementView | undefined {
  if (code === 'new') return { kind: 'new', shown: 'new', said: 'new since the previous snapshot' };
  if (code === '=') return { kind: 'same', shown: '–', said: 'unchanged since the previous snapshot' };
  const by = /^[+-](\d+)$/.exec(code)?.[1];
  if (!by) return undefined;
  return code.startsWith('+')
    ? { kind: 'up', shown: `▲${by}`, said: `up ${by} since the previous snapshot` }
    : { kind: 'down', shown: `▼${by}`, said: `down ${by} since the previous snapshot` };
}
