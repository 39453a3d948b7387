"use client";

import { useState } from "react";
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
  if (!permission) return <span className={`${styles.permission} ${styles.public}`}>public</span>;
  const held = holds(permission);
  return (
    <span
      className={held ? styles.permission : `${styles.permission} ${styles.permissionMissing}`}
      title={held ? "You hold this permission." : "You do not hold this permission: trying it answers 403."}
    >
      {permission === "authenticated" ? "signed in" : permission}
    </span>
  );
}

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
            <ul className={styles.codes} aria-label="Error codes">
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
        <p key={name}>
          Header <code>{name}</code>: {header.description}
        </p>
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
              <h3>Parameters</h3>
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">In</th>
                      <th scope="col">Type</th>
                      <th scope="col">Notes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {parameters.map((parameter) => (
                      <tr key={`${parameter.in}:${parameter.name}`}>
                        <td>
                          <span className={styles.propertyName}>{parameter.name}</span>
                          {parameter.required && <span className={styles.required}>required</span>}
                        </td>
                        <td>{parameter.in}</td>
                        <td className={styles.type}>{typeLabel(document, parameter.schema)}</td>
                        <td>
                          {parameter.description && <InlineText text={parameter.description} />}
                          {parameter.schema?.default !== undefined && (
                            <span className={styles.propertyNote}>
                              default {JSON.stringify(parameter.schema.default)}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}

          {body && (
            <>
              <h3>
                Request body{" "}
                {body.required ? (
                  <span className={styles.required}>required</span>
                ) : (
                  <span className="muted">(optional)</span>
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

          <h3>Responses</h3>
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
