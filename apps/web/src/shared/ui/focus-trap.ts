/**
 * Where Tab should go instead of its default inside a dialog, or undefined to let it be: from the last control
 * forward (or from outside) to the first, from the first backward (or from outside) to the last.
 */
export function focusTrapTarget<T>(controls: readonly T[], active: unknown, backward: boolean): T | undefined {
  const first = controls[0];
  const last = controls.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const inside = controls.includes(active as T);
  if (backward) return !inside || active === first ? last : undefined;
  return !inside || active === last ? first : undefined;
}
