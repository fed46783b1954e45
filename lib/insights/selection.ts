// Selected insights (spec section 4): set, select or deselect some, clear all.
export type SelectionAction =
  | { type: "set"; ids: string[] }
  | { type: "select"; ids: string[] }
  | { type: "deselect"; ids: string[] }
  | { type: "clear" };

/** Keeps selection order (the order insights were picked in) and never holds an id twice. */
export function selectionReducer(state: readonly string[], action: SelectionAction): string[] {
  switch (action.type) {
    case "set":
      return [...new Set(action.ids)];
    case "select":
      return [...state, ...action.ids.filter((id, i, all) => !state.includes(id) && all.indexOf(id) === i)];
    case "deselect":
      return state.filter((id) => !action.ids.includes(id));
    case "clear":
      return [];
  }
}
