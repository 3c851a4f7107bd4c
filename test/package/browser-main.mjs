// Runs the app in a page (bundled for the browser) and posts the result to window.__result for the driver.
import { run } from "./app.mjs";
run(new URL(location.href).searchParams.get("device") ?? "cpu").then(
  (r) => (window.__result = r),
  (e) => (window.__result = { ok: false, checks: [], error: String(e?.stack ?? e) }),
);
