// A small RFC 6902 JSON Patch applier (add, remove, replace, move, copy, test).
// applyPatch never mutates its input: it copies only the containers along each changed path,
// so unchanged sub-trees are shared between the old and the new document (renderers may
// compare them by reference).

export class PatchError extends Error {}

/** Parse an RFC 6901 JSON Pointer into its unescaped tokens. */
export function parsePointer(pointer) {
  if (pointer === "") return [];
  if (typeof pointer !== "string" || pointer[0] !== "/") {
    throw new PatchError(`Invalid JSON pointer: ${pointer}`);
  }
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function isObject(v) {
  return v !== null && typeof v === "object";
}

function deepClone(v) {
  return isObject(v) ? JSON.parse(JSON.stringify(v)) : v;
}

/** Deep equality for JSON values. */
export function deepEqual(a, b) {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`Bad array index: ${token}`);
  const i = Number(token);
  const max = forAdd ? arr.length : arr.length - 1;
  if (i > max) throw new PatchError(`Array index out of range: ${token}`);
  return i;
}

/** Read the value at a pointer (throws when it does not exist). */
export function getAt(doc, tokens) {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isObject(cur) && Object.prototype.hasOwnProperty.call(cur, t)) cur = cur[t];
    else throw new PatchError(`Path not found: /${tokens.join("/")}`);
  }
  return cur;
}

/**
 * Return a copy of `root` where the container at tokens[0..-1] was replaced by fn(copy of it).
 * fn receives a shallow copy of the parent container and the last token.
 */
function updateParent(root, tokens, fn) {
  if (tokens.length === 0) throw new PatchError("The root has no parent");
  const walk = (node, depth) => {
    if (!isObject(node)) throw new PatchError(`Path not found: /${tokens.join("/")}`);
    const copy = Array.isArray(node) ? node.slice() : { ...node };
    const t = tokens[depth];
    if (depth === tokens.length - 1) {
      fn(copy, t);
      return copy;
    }
    let key = t;
    if (Array.isArray(copy)) key = arrayIndex(copy, t, false);
    else if (!Object.prototype.hasOwnProperty.call(copy, t)) {
      throw new PatchError(`Path not found: /${tokens.join("/")}`);
    }
    copy[key] = walk(copy[key], depth + 1);
    return copy;
  };
  return walk(root, 0);
}

function addAt(doc, tokens, value) {
  if (tokens.length === 0) return value;
  return updateParent(doc, tokens, (parent, t) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, t, true), 0, value);
    else parent[t] = value;
  });
}

function removeAt(doc, tokens) {
  if (tokens.length === 0) throw new PatchError("Cannot remove the whole document");
  return updateParent(doc, tokens, (parent, t) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, t, false), 1);
    else if (Object.prototype.hasOwnProperty.call(parent, t)) delete parent[t];
    else throw new PatchError(`Path not found: /${tokens.join("/")}`);
  });
}

function replaceAt(doc, tokens, value) {
  if (tokens.length === 0) return value;
  return updateParent(doc, tokens, (parent, t) => {
    if (Array.isArray(parent)) parent[arrayIndex(parent, t, false)] = value;
    else if (Object.prototype.hasOwnProperty.call(parent, t)) parent[t] = value;
    else throw new PatchError(`Path not found: /${tokens.join("/")}`);
  });
}

/** Apply one operation; returns the new document. */
export function applyOperation(doc, op) {
  const path = parsePointer(op.path);
  switch (op.op) {
    case "add":
      return addAt(doc, path, op.value);
    case "remove":
      return removeAt(doc, path);
    case "replace":
      return replaceAt(doc, path, op.value);
    case "move": {
      const from = parsePointer(op.from);
      if (from.length < path.length && from.every((t, i) => t === path[i])) {
        throw new PatchError("Cannot move a value into one of its own children");
      }
      const value = getAt(doc, from);
      return addAt(removeAt(doc, from), path, value);
    }
    case "copy":
      return addAt(doc, path, deepClone(getAt(doc, parsePointer(op.from))));
    case "test":
      if (!deepEqual(getAt(doc, path), op.value)) throw new PatchError(`Test failed at ${op.path}`);
      return doc;
    default:
      throw new PatchError(`Unknown patch operation: ${op.op}`);
  }
}

/** Apply a list of operations atomically: the input is untouched even when one fails. */
export function applyPatch(doc, ops) {
  let cur = doc;
  for (const op of ops) cur = applyOperation(cur, op);
  return cur;
}
