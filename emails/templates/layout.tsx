import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { EmailText } from "../i18n";

/** Colours chosen for at least 4.5:1 contrast against their background (WCAG AA). */
const palette = {
  page: "#f4f4f5",
  card: "#ffffff",
  border: "#e4e4e7",
  text: "#18181b",
  muted: "#52525b",
  accent: "#1d4ed8",
  onAccent: "#ffffff",
  panel: "#f8fafc",
};

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: palette.page, fontFamily, margin: 0, padding: "32px 12px" },
  container: { maxWidth: "560px", margin: "0 auto" },
  brand: { color: palette.text, fontSize: "18px", fontWeight: 700, letterSpacing: "0.2px", margin: "0 0 16px" },
  card: {
    backgroundColor: palette.card,
    border: `1px solid ${palette.border}`,
    borderRadius: "12px",
    padding: "32px",
  },
  heading: { color: palette.text, fontSize: "24px", lineHeight: "32px", fontWeight: 700, margin: "0 0 16px" },
  paragraph: { color: palette.text, fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" },
  button: {
    backgroundColor: palette.accent,
    borderRadius: "8px",
    color: palette.onAccent,
    fontSize: "16px",
    fontWeight: 600,
    padding: "12px 24px",
    textDecoration: "none",
  },
  buttonRow: { margin: "8px 0 24px" },
  fallback: { color: palette.muted, fontSize: "14px", lineHeight: "22px", margin: "0 0 16px", wordBreak: "break-all" },
  link: { color: palette.accent, textDecoration: "underline" },
  details: {
    backgroundColor: palette.panel,
    border: `1px solid ${palette.border}`,
    borderRadius: "8px",
    borderCollapse: "separate",
    margin: "0 0 24px",
    padding: "8px 16px",
    width: "100%",
  },
  detailLabel: {
    color: palette.muted,
    fontSize: "14px",
    fontWeight: 400,
    padding: "8px 16px 8px 0",
    textAlign: "left",
  },
  detailValue: { color: palette.text, fontSize: "16px", fontWeight: 600, padding: "8px 0", textAlign: "right" },
  footer: { color: palette.muted, fontSize: "13px", lineHeight: "20px", margin: "16px 8px 0", textAlign: "center" },
} satisfies Record<string, CSSProperties>;

/** The frame every club email shares: inbox preview line, club name, one card with a heading, and a footer. */
export function EmailLayout(props: {
  text: EmailText;
  preview: string;
  clubName: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang={props.text.language} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{props.clubName}</Text>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Text style={styles.footer}>{props.text.t("layout.footer", { clubName: props.clubName })}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** The one call to action of an email, followed by the raw link for clients that do not render buttons. */
export function ActionButton({ href, label, text }: { href: string; label: string; text: EmailText }) {
  return (
    <>
      <Section style={styles.buttonRow}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.fallback}>
        {text.t("layout.buttonFallback")}{" "}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}

/** Label/value pairs as a real table, so screen readers announce each label with its value. */
export function Details({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <table style={styles.details} cellPadding={0} cellSpacing={0} data-text-format="dataTable">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={styles.detailLabel}>
              {label}
            </th>
            <td style={styles.detailValue}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A secondary link inside a paragraph; the text version shows its address beside the words. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}
