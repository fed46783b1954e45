// Stripe's API takes application/x-www-form-urlencoded bodies with bracketed keys
// (`line_items[0][price]=price_1`, `metadata[agencyId]=…`, `lookup_keys[]=a`); this turns them back into objects.
type Value = string | Value[] | { [key: string]: Value };

export function parseFormBody(body: string): Record<string, Value> {
  const root: Record<string, Value> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, Value> | Value[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[index + 1]);
      const container = node as Record<string, Value>;
      const key = part === "" && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        if (Array.isArray(node)) node.push(value);
        else container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = nextIsIndex ? [] : {};
      node = container[key] as Record<string, Value> | Value[];
    });
  }
  return root;
}
