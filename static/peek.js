// A cheap one-shot look at a game's document (used by the home page to find "your turn"):
// open the WebSocket, read the snapshot, close. Gives up after a few seconds.

export function peekDoc(gameId, credential, registry, timeoutMs = 4000) {
  return new Promise((resolve) => {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(`${proto}//${window.location.host}/ws/${encodeURIComponent(gameId)}`);
    } catch {
      resolve(null);
      return;
    }
    const handle = {
      close() {
        try {
          ws.close(1000);
        } catch {
          /* ignore */
        }
      },
    };
    registry?.push(handle);
    const done = (doc) => {
      clearTimeout(timer);
      handle.close();
      resolve(doc);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", credential }));
    ws.onmessage = (ev) => {
      try {
        const f = JSON.parse(ev.data);
        if (f.type === "snapshot") done(f.doc);
        else if (f.type === "error" && f.fatal) done(null);
      } catch {
        done(null);
      }
    };
    ws.onerror = () => done(null);
    ws.onclose = () => done(null);
  });
}
