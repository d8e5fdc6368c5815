// Legal-action templates, read the way the server reads them: the mirror of engines/base.py's
// expand_template / template_matches. A template is an action in which a field may be
// {"$range": [lo, hi, step?]} or {"$choice": [...]}. Every renderer and the generic action
// panel use these, so no game re-implements the format. Pure: no DOM, importable by Node.

/** True for a {"$range": [lo, hi, step?]} field. */
export function isRange(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Array.isArray(v.$range);
}

/** True for a {"$choice": [...]} field. */
export function isChoice(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Array.isArray(v.$choice);
}

/** True for a field the player fills in ($range or $choice). */
export function isOpen(v) {
  return isRange(v) || isChoice(v);
}

/** [lo, hi, step] of a $range field (step defaults to 1, as in Python). */
export function rangeOf(v) {
  const [lo, hi, step = 1] = v.$range;
  return [lo, hi, step];
}

/**
 * Every value a template field may take: a $choice's options, a $range's numbers, a fixed
 * value alone; a field the template does not have (undefined) takes none.
 */
export function choices(v) {
  if (v === undefined) return [];
  if (isChoice(v)) return v.$choice;
  if (isRange(v)) {
    const [lo, hi, step] = rangeOf(v);
    const out = [];
    for (let x = lo; x <= hi; x += step) out.push(x);
    return out;
  }
  return [v];
}

/** Deep equality of JSON values (Python's == on decoded JSON). */
export function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
}

/** True when a concrete action is one of the actions a template stands for. */
export function matches(template, action) {
  const keys = Object.keys(template);
  if (keys.length !== Object.keys(action).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(action, key)) return false;
    const spec = template[key];
    const got = action[key];
    if (isRange(spec)) {
      const [lo, hi, step] = rangeOf(spec);
      if (!Number.isInteger(got) || got < lo || got > hi || (got - lo) % step !== 0) return false;
    } else if (isChoice(spec)) {
      if (!spec.$choice.some((o) => equal(o, got))) return false;
    } else if (!equal(spec, got)) {
      return false;
    }
  }
  return true;
}

/** The template (of a list) that allows this action, or null. */
export function findTemplate(templates, action) {
  return (templates || []).find((t) => matches(t, action)) || null;
}

/** True when some template allows this action. */
export function allows(templates, action) {
  return findTemplate(templates, action) !== null;
}

/** A template's fixed fields alone (type included): what every action it allows shares. */
export function fixedPart(template) {
  const out = {};
  for (const [k, v] of Object.entries(template)) if (!isOpen(v)) out[k] = v;
  return out;
}

/** A template's open fields as [key, spec] pairs, in order. */
export function openFields(template) {
  return Object.entries(template).filter(([, v]) => isOpen(v));
}

/**
 * Every concrete action a template stands for (the product of its fields' choices), in
 * order; `limit` caps the count, since a product of wide ranges can be large.
 */
export function expand(template, limit = 10000) {
  let out = [{}];
  for (const [key, spec] of Object.entries(template)) {
    const opts = choices(spec);
    const next = [];
    for (const partial of out) {
      for (const o of opts) {
        if (next.length >= limit) break;
        next.push({ ...partial, [key]: o });
      }
    }
    out = next;
  }
  return out;
}

/** The templates of one action type. */
export function ofType(templates, type) {
  return (templates || []).filter((t) => t.type === type);
}

/** True when some template has this action type. */
export function offers(templates, type) {
  return (templates || []).some((t) => t.type === type);
}

/**
 * The values one field takes across every template of a type (in order, no repeats by deep
 * equality): "which cells may the sign go on" for {type: "place", cell: {$choice: [...]}}.
 */
export function fieldValues(templates, type, field) {
  const out = [];
  for (const t of ofType(templates, type)) {
    for (const v of choices(t[field])) if (!out.some((o) => equal(o, v))) out.push(v);
  }
  return out;
}
