"use client";

import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { type ApiDocument, flatten, type SchemaObject, typeLabel } from "@/lib/openapi/explore";
import styles from "./api-reference.module.css";

/** Text from the document: `code` spans and **bold** as the generator writes them, nothing else interpreted. */
export function InlineText({ text }: { text: string }): ReactNode {
  // biome-ignore-start lint/suspicious/noArrayIndexKey: the parts of one fixed text; a part's position is its identity
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
      return <code key={index}>{part.slice(1, -1)}</code>;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 3)
      return <strong key={index}>{part.slice(2, -2)}</strong>;
    return <Fragment key={index}>{part}</Fragment>;
  });
  // biome-ignore-end lint/suspicious/noArrayIndexKey: the parts of one fixed text
}

export function Paragraphs({ text }: { text: string }) {
  return (
    <div className={styles.description}>
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text; a paragraph's position is its identity
          <p key={index}>
            <InlineText text={paragraph} />
          </p>
        ))}
    </div>
  );
}

type NoteWords = ReturnType<typeof useTranslations<"apiReference.operation">>;

/** Rules a type label does not say: the default, a pattern, examples. */
function notes(schema: SchemaObject, t: NoteWords): string[] {
  return [
    schema.default !== undefined && t("default", { value: JSON.stringify(schema.default) }),
    schema.pattern && t("pattern", { pattern: schema.pattern }),
    schema.examples?.length &&
      t("examples", { examples: schema.examples.map((example) => JSON.stringify(example)).join(", ") }),
  ].filter((note): note is string => typeof note === "string");
}

/** The object schema nested in a schema, if any: its own properties, or its array items'. */
function nestedObject(document: ApiDocument, schema: SchemaObject): SchemaObject | undefined {
  const flat = flatten(document, schema);
  const candidates = [
    flat,
    ...(flat.items ? [flatten(document, flat.items)] : []),
    ...(flat.anyOf ?? flat.oneOf ?? []).map((part) => flatten(document, part)),
  ];
  return candidates.find((candidate) => candidate.properties && Object.keys(candidate.properties).length > 0);
}

/** A schema as a tree of properties: name, whether required, type, description and rules. */
export function SchemaTree({
  document,
  schema,
  depth = 0,
}: {
  document: ApiDocument;
  schema: SchemaObject;
  depth?: number;
}) {
  const t = useTranslations("apiReference.operation");
  const object = nestedObject(document, schema);
  if (!object || depth > 6) {
    const flat = flatten(document, schema);
    return (
      <p>
        <span className={styles.type}>{typeLabel(document, schema)}</span>
        {flat.description && (
          <span className={styles.propertyNote}>
            <InlineText text={flat.description} />
          </span>
        )}
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className={styles.schema}>
      {depth === 0 && flatten(document, schema).type === "array" && (
        <li className={styles.type}>{typeLabel(document, schema)}</li>
      )}
      {Object.entries(object.properties ?? {}).map(([name, property]) => {
        const flat = flatten(document, property);
        const nested = nestedObject(document, property);
        return (
          <li key={name} className={styles.property}>
            <span className={styles.propertyName}>{name}</span>
            {required.has(name) && <span className={styles.required}>{t("required")}</span>}
            <span className={styles.type}>{typeLabel(document, property)}</span>
            {flat.description && (
              <span className={styles.propertyNote}>
                <InlineText text={flat.description} />
              </span>
            )}
            {notes(flat, t).map((note) => (
              <span key={note} className={styles.propertyNote}>
                {note}
              </span>
            ))}
            {nested && <SchemaTree document={document} schema={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
