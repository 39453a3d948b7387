"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { ScrollBox } from "@/console/ui/scroll-box";
import {
  type ApiDocument,
  type Endpoint,
  parametersOf,
  type ResponseObject,
  resolve,
  typeLabel,
} from "@/lib/openapi/explore";
import styles from "./api-reference.module.css";
import { InlineText, Paragraphs, SchemaTree } from "./schema-view";
import { TryIt } from "./try-it";

function AccessChip({ permission, holds }: { permission: string | undefined; holds: (permission: string) => boolean }) {
  const t = useTranslations("apiReference.access");
  if (!permission) return <span className={`${styles.permission} ${styles.public}`}>{t("public")}</span>;
  const held = holds(permission);
  return (
    <span
      className={held ? styles.permission : `${styles.permission} ${styles.permissionMissing}`}
      title={held ? t("held") : t("missing")}
    >
      {permission === "authenticated" ? t("signedIn") : permission}
    </span>
  );
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;

const statusClass = (status: string) => styles[`status${status.charAt(0)}`] ?? "";

function ResponseDetails({
  document,
  status,
  response,
}: {
  document: ApiDocument;
  status: string;
  response: ResponseObject;
}) {
  const t = useTranslations("apiReference.operation");
  const media = Object.entries(response.content ?? {});
  const hasDetail = media.some(([, content]) => content.schema || content.examples) || response.headers;
  const title = (
    <>
      <span className={`${styles.status} ${statusClass(status)}`}>{status}</span>{" "}
      <InlineText text={response.description} />
    </>
  );
  if (!hasDetail) return <div className={styles.response}>{title}</div>;
  return (
    <details className={styles.response}>
      <summary>{title}</summary>
      {media.map(([type, content]) => (
        <div key={type}>
          <h4 className="muted">{type}</h4>
          {content.schema && <SchemaTree document={document} schema={content.schema} />}
          {content.examples && (
            <ul className={styles.codes} aria-label={t("errorCodes")}>
              {Object.entries(content.examples).map(([name, example]) => (
                <li key={name} className="chip" title={example.summary}>
                  {name}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {Object.entries(response.headers ?? {}).map(([name, header]) => (
        <p key={name}>{t.rich("header", { name, description: header.description ?? "", code })}</p>
      ))}
    </details>
  );
}

/** One operation, expandable: what it takes, what it answers, who may call it, and a form to call it. */
export function OperationDetails({
  document,
  endpoint,
  holds,
}: {
  document: ApiDocument;
  endpoint: Endpoint;
  holds: (permission: string) => boolean;
}) {
  const t = useTranslations("apiReference.operation");
  const [open, setOpen] = useState(false);
  const { method, path, operation } = endpoint;
  const parameters = parametersOf(document, operation);
  const body = operation.requestBody;
  return (
    <details className={styles.operation} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className={`${styles.method} ${styles[method] ?? ""}`}>{method}</span>
        <span className={styles.path}>{path}</span>
        <span className={styles.summaryText}>{operation.summary}</span>
        <AccessChip permission={operation["x-permission"]} holds={holds} />
      </summary>
      {open && (
        <div className={styles.body}>
          {operation.description && <Paragraphs text={operation.description} />}

          {parameters.length > 0 && (
            <>
              <h3>{t("parameters")}</h3>
              <ScrollBox label={t("parameters")}>
                <table className={`table ${styles.parameters}`}>
                  <thead>
                    <tr>
                      <th scope="col">{t("name")}</th>
                      <th scope="col">{t("in")}</th>
                      <th scope="col">{t("type")}</th>
                      <th scope="col">{t("notes")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {parameters.map((parameter) => (
                      <tr key={`${parameter.in}:${parameter.name}`}>
                        <td>
                          <span className={styles.propertyName}>{parameter.name}</span>
                          {parameter.required && <span className={styles.required}>{t("required")}</span>}
                        </td>
                        <td>{parameter.in}</td>
                        <td className={styles.type}>{typeLabel(document, parameter.schema)}</td>
                        <td>
                          {parameter.description && <InlineText text={parameter.description} />}
                          {parameter.schema?.default !== undefined && (
                            <span className={styles.propertyNote}>
                              {t("default", { value: JSON.stringify(parameter.schema.default) })}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            </>
          )}

          {body && (
            <>
              <h3>
                {t("requestBody")}{" "}
                {body.required ? (
                  <span className={styles.required}>{t("required")}</span>
                ) : (
                  <span className="muted">{t("optional")}</span>
                )}
              </h3>
              {body.description && <Paragraphs text={body.description} />}
              {Object.entries(body.content).map(([type, content]) => (
                <div key={type}>
                  <h4 className="muted">{type}</h4>
                  {content.schema && <SchemaTree document={document} schema={content.schema} />}
                </div>
              ))}
            </>
          )}

          <h3>{t("responses")}</h3>
          <ul className={styles.responses}>
            {Object.entries(operation.responses).map(([status, response]) => (
              <li key={status}>
                <ResponseDetails document={document} status={status} response={resolve(document, response)} />
              </li>
            ))}
          </ul>

          <TryIt document={document} endpoint={endpoint} />
        </div>
      )}
    </details>
  );
}
