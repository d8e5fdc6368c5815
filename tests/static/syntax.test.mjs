// Every module the browser loads parses as an ES module. The page has no build step, so a
// broken merge or a stray bracket in any file would otherwise show only as a blank page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []);
}

test("every static module parses", () => {
  const files = modules("static");
  assert.ok(files.length > 20);
  for (const file of files) {
    try {
      execFileSync(process.execPath, ["--input-type=module", "--check"],
        { input: readFileSync(file), stdio: ["pipe", "pipe", "pipe"] });
    } catch (err) {
      assert.fail(`${file} does not parse:\n${err.stderr}`);
    }
  }
});
