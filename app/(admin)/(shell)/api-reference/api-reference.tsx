"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useMemo, useState } from "react";
import { LoadError } from "@/console/ui/feedback";
import { PageHeader, SearchField, useDebounced } from "@/console/ui/list-page";
import { type ApiDocument, endpointGroups, endpointMatches } from "@/lib/openapi/explore";
import styles from "./api-reference.module.css";
import { OperationDetails } from "./operation";

const DOCUMENT_URL = "/api/openapi.json";

class DocumentUnavailable extends Error {
  constructor(readonly status: number) {
    super(`The API document could not be loaded (HTTP ${status}).`);
  }
}

async function loadDocument(): Promise<ApiDocument> {
  const response = await fetch(DOCUMENT_URL, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new DocumentUnavailable(response.status);
  return (await response.json()) as ApiDocument;
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;

const anchorOf = (tag: string) => `api-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The interactive reference: /api/openapi.json grouped by tag, each operation expandable with a "Try it" form. */
export function ApiReference({ permissions }: { permissions: readonly string[] }) {
  const t = useTranslations("apiReference");
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
        title={t("title")}
        lead={
          <>
            {t.rich("lead", { code })}
            {reference.data &&
              ` ${t("version", { title: reference.data.info.title, version: reference.data.info.version, openapi: reference.data.openapi })}`}
          </>
        }
      >
        <a className="button" href={DOCUMENT_URL} download="clubops-openapi.json">
          {t("download")}
        </a>
      </PageHeader>

      {reference.isPending && (
        <p className="muted" role="status">
          {t("loading")}
        </p>
      )}
      {reference.isError && (
        <LoadError
          message={
            reference.error instanceof DocumentUnavailable
              ? t("loadFailed", { status: reference.error.status })
              : reference.error.message
          }
          onRetry={() => void reference.refetch()}
        />
      )}

      {reference.data && (
        <>
          <search className={styles.toolbar}>
            <SearchField
              id="api-search"
              placeholder={t("searchPlaceholder")}
              value={searchText}
              onChange={setSearchText}
            />
            <p className={`muted ${styles.count}`} aria-live="polite">
              {t("count", { count })}
            </p>
          </search>
          <nav aria-label={t("groups")}>
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
          {groups.length === 0 && <p className="muted">{t("noMatch", { search })}</p>}
        </>
      )}
    </>
  );
}
