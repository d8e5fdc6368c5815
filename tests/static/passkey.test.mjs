// The passkey helpers (static/passkey.js): WebAuthn's JSON forms to the browser's binary
// options and back. The server (python webauthn) writes base64url without padding; a byte
// lost or a "+" left in would make every ceremony fail in the browser, not here.
import assert from "node:assert/strict";
import { test } from "node:test";

import { credentialJSON, creationOptions, fromB64url, requestOptions, toB64url } from "../../static/passkey.js";

test("base64url round-trips every byte value and every length, unpadded", () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let n = 0; n <= 7; n++) {
    const bytes = all.slice(250 - n, 250);
    const text = toB64url(bytes);
    assert.doesNotMatch(text, /[+/=]/);
    assert.deepEqual(fromB64url(text), bytes);
  }
  assert.deepEqual(fromB64url(toB64url(all.buffer)), all);
  // What Python's webauthn.helpers.bytes_to_base64url(b"\xfb\xff") writes.
  assert.equal(toB64url(Uint8Array.of(0xfb, 0xff)), "-_8");
});

test("registration options get their challenge, user id and excluded ids as bytes", () => {
  const json = {
    rp: { name: "Meja", id: "localhost" }, user: { id: "YWJj", name: "Ayu", displayName: "Ayu" },
    challenge: "AAEC", pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [{ type: "public-key", id: "-_8" }], timeout: 120000,
  };
  const out = creationOptions(json);
  assert.deepEqual(out.challenge, Uint8Array.of(0, 1, 2));
  assert.deepEqual(out.user.id, new TextEncoder().encode("abc"));
  assert.equal(out.user.name, "Ayu");
  assert.deepEqual(out.excludeCredentials[0].id, Uint8Array.of(0xfb, 0xff));
  assert.equal(out.rp.id, "localhost");
  assert.equal(json.challenge, "AAEC"); // the server's answer is left as it was
  const get = requestOptions({ challenge: "AAEC", rpId: "localhost" });
  assert.deepEqual(get.challenge, Uint8Array.of(0, 1, 2));
  assert.deepEqual(get.allowCredentials, []);
});

test("a made and a used passkey go back in the server's JSON form", () => {
  const buf = (...b) => Uint8Array.of(...b).buffer;
  const made = credentialJSON({
    id: "-_8", rawId: buf(0xfb, 0xff), type: "public-key", authenticatorAttachment: "platform",
    response: { clientDataJSON: buf(1), attestationObject: buf(2), getTransports: () => ["internal"] },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  });
  assert.deepEqual(made, {
    id: "-_8", rawId: "-_8", type: "public-key", authenticatorAttachment: "platform",
    response: { clientDataJSON: "AQ", attestationObject: "Ag", transports: ["internal"] },
    clientExtensionResults: { credProps: { rk: true } },
  });
  const used = credentialJSON({
    id: "AQ", rawId: buf(1), type: "public-key",
    response: { clientDataJSON: buf(1), authenticatorData: buf(3), signature: buf(4), userHandle: buf(5) },
  });
  assert.deepEqual(used.response, { clientDataJSON: "AQ", authenticatorData: "Aw", signature: "BA", userHandle: "BQ" });
  assert.deepEqual(used.clientExtensionResults, {});
});
