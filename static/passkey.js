// Passkeys in the browser (navigator.credentials): the server's options arrive in WebAuthn's
// JSON form (binary fields as base64url) and the browser's answer goes back in it. Written out
// here rather than with PublicKeyCredential.parseCreationOptionsFromJSON / toJSON, which
// browsers of a few years ago lack.

/** base64url (no padding) -> Uint8Array. */
export function fromB64url(text) {
  const b64 = String(text).replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const bin = atob(padded);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** ArrayBuffer or view -> base64url (no padding). */
export function toB64url(buf) {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf instanceof ArrayBuffer ? buf : buf.buffer);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysAvailable() {
  return typeof globalThis.PublicKeyCredential === "function" && Boolean(globalThis.navigator?.credentials?.create);
}

/** Registration options (JSON) -> what navigator.credentials.create takes as `publicKey`. */
export function creationOptions(json) {
  return {
    ...json,
    challenge: fromB64url(json.challenge),
    user: { ...json.user, id: fromB64url(json.user.id) },
    excludeCredentials: (json.excludeCredentials || []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

/** Authentication options (JSON) -> what navigator.credentials.get takes as `publicKey`. */
export function requestOptions(json) {
  return {
    ...json,
    challenge: fromB64url(json.challenge),
    allowCredentials: (json.allowCredentials || []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

/** A PublicKeyCredential (made or used) in WebAuthn's JSON form, for the server. */
export function credentialJSON(cred) {
  const r = cred.response;
  const response = { clientDataJSON: toB64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64url(r.attestationObject);
    if (typeof r.getTransports === "function") response.transports = r.getTransports();
  }
  if (r.authenticatorData) response.authenticatorData = toB64url(r.authenticatorData);
  if (r.signature) response.signature = toB64url(r.signature);
  if (r.userHandle) response.userHandle = toB64url(r.userHandle);
  return {
    id: cred.id,
    rawId: toB64url(cred.rawId),
    type: cred.type,
    response,
    clientExtensionResults: typeof cred.getClientExtensionResults === "function" ? cred.getClientExtensionResults() : {},
    authenticatorAttachment: cred.authenticatorAttachment || undefined,
  };
}

/** Make a passkey from the server's registration options; its JSON answer. */
export async function createPasskey(optionsJSON) {
  const cred = await navigator.credentials.create({ publicKey: creationOptions(optionsJSON) });
  return credentialJSON(cred);
}

/** Use a passkey with the server's authentication options; its JSON answer. */
export async function usePasskey(optionsJSON) {
  const cred = await navigator.credentials.get({ publicKey: requestOptions(optionsJSON) });
  return credentialJSON(cred);
}
