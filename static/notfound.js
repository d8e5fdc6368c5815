// The server's not-found page (static/notfound.html) in the viewer's language, with the
// same language switch as the app's top bar.

import { langSwitch, msg, ready, setTitle, wordPage } from "/static/i18n.js";

ready.then(() => {
  setTitle(msg("shell.not_found.page_title"));
  wordPage();
  document.querySelector(".topbar")?.append(langSwitch());
});
