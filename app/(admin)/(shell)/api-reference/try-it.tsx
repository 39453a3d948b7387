"use client";

import { getSession, useSession } from "next-auth/react";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { renewOnce } from "@/console/api-client";
import { CONSOLE_REQUEST_HEADER } from "@/console/console-request";
import { ScrollBox } from "@/console/ui/scroll-box";
import {
  type ApiDocument,
  type Endpoint,
  exampleOf,
  type ParameterObject,
  parametersOf,
  requestUrl,
} from "@/lib/openapi/explore";
import styles from "./api-reference.module.css";

type Outcome =
  | {
      kind: "answered";
      status: number;
      statusText: string;
      milliseconds: number;
      contentType: string;
      body: string;
      url: string;
    }
  | { kind: "failed" };

const JSON_TYPE = "application/json";
const MAX_SHOWN = 100_000;

type TryWords = ReturnType<typeof useTranslations<"apiReference.tryIt">>;

async function readBody(response: Response, t: TryWords): Promise<string> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 204 || response.status === 304) return "";
  if (/^(image|audio|video)\/|octet-stream|pdf/.test(type))
    return t("bytesOf", { bytes: (await response.arrayBuffer()).byteLength, type });
  const text = await response.text();
  if (type.includes("json")) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  return text.length > MAX_SHOWN
    ? `${text.slice(0, MAX_SHOWN)}\n${t("more", { count: text.length - MAX_SHOWN })}`
    : text;
}

function ParameterField({
  parameter,
  value,
  onChange,
  formId,
}: {
  parameter: ParameterObject;
  value: string;
  onChange: (value: string) => void;
  formId: string;
}) {
  const t = useTranslations("apiReference.tryIt");
  const defaults = useTranslations("apiReference.operation");
  const id = `${formId}-${parameter.in}-${parameter.name}`;
  const options = parameter.schema?.enum;
  const placeholder =
    parameter.schema?.default !== undefined
      ? defaults("default", { value: String(parameter.schema.default) })
      : (parameter.schema?.format ?? "");
  return (
    <div className="field">
      <label htmlFor={id}>
        {parameter.name}
        {parameter.required ? ` ${t("required")}` : ""} <span className="muted">· {parameter.in}</span>
      </label>
      {options ? (
        <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{parameter.required ? t("choose") : t("notSent")}</option>
          {options.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="input"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/**
 * Sends the operation to this server as the signed-in console user (the session's access token, attached by the
 * proxy; renewed once if it expired), and shows the answer as it came: status, time, and body.
 */
export function TryIt({ document, endpoint }: { document: ApiDocument; endpoint: Endpoint }) {
  const t = useTranslations("apiReference.tryIt");
  const formId = useId();
  const { data: session, update } = useSession();
  const { method, path, operation } = endpoint;
  const parameters = parametersOf(document, operation).filter(
    (parameter) => parameter.in === "path" || parameter.in === "query",
  );
  const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
  const jsonBody = operation.requestBody?.content[JSON_TYPE];
  const fileBody = bodyTypes.length > 0 && !jsonBody;
  const [values, setValues] = useState<Record<string, string>>({});
  const [bodyText, setBodyText] = useState(() =>
    jsonBody ? JSON.stringify(exampleOf(document, jsonBody.schema), null, 2) : "",
  );
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const protectedCall = (operation.security ?? []).length > 0;
  const writes = method !== "get";

  const valuesIn = (place: "path" | "query") =>
    Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === place)
        .map((parameter) => [parameter.name, values[`${place}:${parameter.name}`] ?? ""]),
    );

  async function send(url: string): Promise<Response> {
    const headers = new Headers({ accept: "application/json" });
    // As the console's own calls: the proxy attaches the session's access token.
    if (protectedCall) headers.set(CONSOLE_REQUEST_HEADER, "1");
    let body: BodyInit | undefined;
    if (fileBody && file) {
      body = file;
      headers.set("content-type", file.type || "application/octet-stream");
    } else if (jsonBody && bodyText.trim() !== "") {
      // Sent as typed, even when it is not valid JSON: the 400 answer is part of what one may want to see.
      body = bodyText;
      headers.set("content-type", JSON_TYPE);
    }
    return fetch(url, { method: method.toUpperCase(), headers, body, cache: "no-store" });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const url = requestUrl(path, valuesIn("path"), valuesIn("query"));
    const started = performance.now();
    try {
      const tokenId = protectedCall ? (session?.accessTokenId ?? (await getSession())?.accessTokenId) : undefined;
      let response = await send(url);
      if (response.status === 401 && tokenId) {
        const refused = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: string } | null;
        if (refused?.code === "Auth.InvalidToken" && (await renewOnce(update, tokenId))) response = await send(url);
      }
      setOutcome({
        kind: "answered",
        status: response.status,
        statusText: response.statusText,
        milliseconds: Math.round(performance.now() - started),
        contentType: response.headers.get("content-type") ?? "",
        body: await readBody(response, t),
        url,
      });
    } catch {
      setOutcome({ kind: "failed" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.tryIt}
      onSubmit={submit}
      noValidate
      aria-label={t("form", { method: method.toUpperCase(), path })}
    >
      <h3>{t("title")}</h3>
      {parameters.length > 0 && (
        <div className={styles.tryFields}>
          {parameters.map((parameter) => {
            const key = `${parameter.in}:${parameter.name}`;
            return (
              <ParameterField
                key={key}
                formId={formId}
                parameter={parameter}
                value={values[key] ?? ""}
                onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
              />
            );
          })}
        </div>
      )}
      {jsonBody && (
        <div className="field">
          <label htmlFor={`${formId}-body`}>{t("body")}</label>
          <textarea
            id={`${formId}-body`}
            className={`input ${styles.bodyEditor}`}
            spellCheck={false}
            value={bodyText}
            onChange={(event) => setBodyText(event.target.value)}
          />
        </div>
      )}
      {fileBody && (
        <div className="field">
          <label htmlFor={`${formId}-file`}>{t("file", { types: bodyTypes.join(", ") })}</label>
          <input
            id={`${formId}-file`}
            type="file"
            className="input"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
      )}
      <div className={styles.tryActions}>
        <button type="submit" className={writes ? "button button-primary" : "button"} disabled={pending}>
          {pending ? t("sending") : t("send", { method: method.toUpperCase() })}
        </button>
        <p className={styles.tryNote}>
          {protectedCall ? t("withToken") : t("withoutToken")}
          {writes && ` ${t("writes")}`}
        </p>
      </div>
      <div className={styles.result} aria-live="polite">
        {outcome?.kind === "failed" && <p className="field-error">{t("unreachable")}</p>}
        {outcome?.kind === "answered" && (
          <>
            <div className={styles.resultHeader}>
              <strong className={`${styles.status} ${styles[`status${String(outcome.status).charAt(0)}`] ?? ""}`}>
                {outcome.status} {outcome.statusText}
              </strong>
              <span className="muted">{outcome.milliseconds} ms</span>
              <code className={styles.code}>
                {method.toUpperCase()} {outcome.url}
              </code>
              {outcome.contentType && <span className="muted">{outcome.contentType}</span>}
            </div>
            {outcome.body && (
              <ScrollBox label={t("responseBody")} className={styles.pre}>
                <pre>{outcome.body}</pre>
              </ScrollBox>
            )}
          </>
        )}
      </div>
    </form>
  );
}
