/** A model's rank movement marker: beside its rank on the leaderboard and on its own and its configurations' pages. */
import type { Movement } from '../../site/data/types.ts';
import { encodeMovement, movementView, type MovementView } from '../../site/lists/movement.ts';
import { html, type Markup } from './html.ts';

/** The marker, or nothing when there is no previous snapshot to compare with. */
export function movementHtml(movement: Movement | MovementView | undefined): Markup | undefined {
  const view = movement && 'shown' in movement ? movement : movement && movementView(encodeMovement(movement));
  return (
    view && html`<span class="movement ${view.kind}"><span aria-hidden="true">${view.shown}</span><span class="visually-hidden">${view.said}</span></span>`
  );
}
