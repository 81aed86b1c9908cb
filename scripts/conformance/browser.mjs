#!/usr/bin/env node
// The "browser" of conformance logins (BROWSER=browser.mjs <url>): opens the authorization URL, which the
// suite's authorization server answers at once with a redirect to mono-agent's loopback callback, and
// follows that redirect, as a person's browser does after they consent.
const response = await fetch(process.argv[2], { redirect: "manual" });
const location = response.headers.get("location");
if (!location) {
  console.error(`browser.mjs: the authorization server answered ${response.status} without a redirect`);
  process.exit(1);
}
await fetch(location);
