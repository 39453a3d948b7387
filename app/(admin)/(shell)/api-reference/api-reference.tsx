"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { LoadError } from "@/console/ui/feedback";
import { PageHeader, SearchField, useDebounced } from "@/console/ui/list-page";
import { type ApiDocument, endpointGroups, endpointMatches } from "@/lib/openapi/explore";
import styles from "./api-reference.module.css";
import { OperationDetails } from "./operation";

const DOCUMENT_URL = "/api/openapi.json";

async function loadDocument(): Promise<ApiDocument> {
  const response = await fetch(DOCUMENT_URL, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`The API document could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as ApiDocument;
}

const anchorOf = (tag: string) => `api-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The interactive reference: /api/openapi.json grouped by tag, each operation expandable with a "Try it" form. */
export function ApiReference({ permissions }: { permissions: readonly string[] }) {
  const reference = useQuery({
    queryKey: ["openapi-document"],
    queryFn: loadDocument,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 200);
  const holds = useMemo(() => {
    const held = new Set(permissions);
    return (permission: string) => permission === "authenticated" || held.has("*") || held.has(permission);
  }, [permissions]);

  const groups = useMemo(() => {
    if (!reference.data) return [];
    return endpointGroups(reference.data)
      .map((group) => ({
        ...group,
        endpoints: group.endpoints.filter((endpoint) => endpointMatches(endpoint, search)),
      }))
      .filter((group) => group.endpoints.length > 0);
  }, [reference.data, search]);
  const count = groups.reduce((total, group) => total + group.endpoints.length, 0);

  return (
    <>
      <PageHeader
        title="API reference"
        lead={
          <>
            Every <code>/api</code> endpoint, generated from the schemas the server validates requests with.
            {reference.data &&
              ` ${reference.data.info.title} ${reference.data.info.version}, OpenAPI ${reference.data.openapi}.`}
          </>
        }
      >
        <a className="button" href={DOCUMENT_URL} download="clubops-openapi.json">
          Download OpenAPI JSON
        </a>
      </PageHeader>

      {reference.isPending && (
        <p className="muted" role="status">
          Loading the API document…
        </p>
      )}
      {reference.isError && <LoadError message={reference.error.message} onRetry={() => void reference.refetch()} />}

      {reference.data && (
        <>
          <search className={styles.toolbar}>
            <SearchField
              id="api-search"
              placeholder="Path, summary or permission, e.g. members:read"
              value={searchText}
              onChange={setSearchText}
            />
            <p className={`muted ${styles.count}`} aria-live="polite">
              {count} {count === 1 ? "endpoint" : "endpoints"}
            </p>
          </search>
          <nav aria-label="Endpoint groups">
            <ul className={styles.toc}>
              {groups.map((group) => (
                <li key={group.name}>
                  <a href={`#${anchorOf(group.name)}`}>
                    {group.name} ({group.endpoints.length})
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <section
              key={group.name}
              id={anchorOf(group.name)}
              className={styles.group}
              aria-labelledby={`${anchorOf(group.name)}-title`}
            >
              <h2 id={`${anchorOf(group.name)}-title`}>{group.name}</h2>
              {group.description && <p>{group.description}</p>}
              <ul className={styles.operations}>
                {group.endpoints.map((endpoint) => (
                  <li key={`${endpoint.method} ${endpoint.path}`}>
                    <OperationDetails document={reference.data} endpoint={endpoint} holds={holds} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {groups.length === 0 && <p className="muted">No endpoint matches “{search}”.</p>}
        </>
      )}
    </>
  );
}
