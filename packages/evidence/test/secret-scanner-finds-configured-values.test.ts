import { describe, expect, it } from "vitest";
import { createSecretScanner, isCredentialEnvName } from "../src/index.js";

describe("configured credential values", () => {
  it("uses credential-named variables and skips the location carve-outs", () => {
    expect(isCredentialEnvName("SERVICE_API_TOKENS")).toBe(true);
    expect(isCredentialEnvName("OPENAI_API_KEY")).toBe(true);
    expect(isCredentialEnvName("db_password")).toBe(true);
    expect(isCredentialEnvName("CLIENT_SECRET")).toBe(true);
    for (const name of [
      "OPENAI_API_KEY_ENV",
      "TOKEN_ENV_VAR",
      "SECRET_PATH",
      "PASSWORD_FILE",
      "CREDENTIALS_DIR",
      "HOME",
    ]) {
      expect(isCredentialEnvName(name), name).toBe(false);
    }
  });

  it("reads only the env passed in, never process.env", () => {
    process.env.EVIDENCE_TEST_SECRET_TOKEN = "only-in-process-env";
    const scanner = createSecretScanner({ env: {} });
    expect(scanner.findSecrets("only-in-process-env")).toEqual([]);
    delete process.env.EVIDENCE_TEST_SECRET_TOKEN;
  });

  it("ignores values shorter than four characters and keeps the accepted false rejection", () => {
    const scanner = createSecretScanner({
      env: { SHORT_TOKEN: "abc", KEEP_RECENT_TOKENS: "8000", SECRET_PATH: "/run/s" },
    });
    expect(scanner.findSecrets("abc and /run/s")).toEqual([]);
    expect(scanner.rejectReason("keep 8000 items")).toMatch(/configured credential/);
  });

  it("compares raw and NFKC forms in both directions", () => {
    const plain = createSecretScanner({ env: { API_TOKEN: "Secret42Value" } });
    expect(plain.findSecrets("ｖａｌｕｅ Ｓｅｃｒｅｔ４２Ｖａｌｕｅ")).toEqual([
      { kind: "configured_value", start: 6, end: 19 },
    ]);
    const compatibility = createSecretScanner({ env: { API_TOKEN: "Ｓｅｃｒｅｔ４２Ｖａｌｕｅ" } });
    expect(compatibility.findSecrets("value Secret42Value")).toEqual([
      { kind: "configured_value", start: 6, end: 19 },
    ]);
    expect(compatibility.findSecrets("Ｓｅｃｒｅｔ４２Ｖａｌｕｅ")).toHaveLength(1);
  });

  it("finds a value split across fragments and replaces each part", () => {
    const scanner = createSecretScanner({ env: { DEPLOY_PASSWORD: "correct-horse-battery" } });
    const fragments = ["said correct-hor", "se-battery then"];
    expect(scanner.findSecrets(fragments)).toEqual([{ kind: "configured_value", start: 5, end: 26 }]);
    expect(scanner.replaceSecrets(fragments, "[x]")).toEqual(["said [x]", "[x] then"]);
  });

  it("accepts extra known values", () => {
    const scanner = createSecretScanner({ values: ["progress-bearer-123"] });
    expect(scanner.replaceSecrets("token progress-bearer-123 sent")).toBe("token [secret omitted] sent");
  });
});
