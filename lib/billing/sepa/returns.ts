import { XMLParser, XMLValidator } from "fast-xml-parser";
import { toCents } from "@/lib/platform/money";
import { fail, ok, type Result } from "@/lib/platform/result";
import { SepaErrors } from "./errors";
import { REASON_CODE, type ReasonWords, reasonWords } from "./reason-codes";

/**
 * What a bank sends back about collections: a payment status report (pain.002, rejections before settlement, status
 * RJCT) or a debit notification (camt.054, returns and refunds after settlement, `RtrInf`). Any version of either is
 * read by element names, which did not change for what is read here (pain.002.001.03 … .10, camt.054.001.02 … .08).
 */
type ReturnedDebit = {
  /** Our invoice number, as sent in the pain.008's EndToEndId. */
  endToEndId: string;
  amountCents: bigint;
  reasonCode: string;
  reason: ReasonWords;
  /** The bank's own words, when it sent any (AddtlInf). */
  bankText: string | null;
};

/**
 * A pain.002 rejection of a whole message (`sequence` null: GrpSts RJCT) or of one payment block (PmtInfSts RJCT, the
 * block named by the sequence in its id, as pain008.ts writes it) without listing its transactions: every debit in
 * that scope was rejected, with the scope's reason.
 */
export type RejectedScope = { sequence: string | null; reasonCode: string };

export type ReturnFile = {
  format: "pain.002" | "camt.054";
  /** The pain.008 message the report answers (pain.002 only). */
  originalMessageId: string | null;
  /** The report's verdict on that whole message (pain.002 only): RJCT when the bank refused all of it. */
  groupStatus: string | null;
  debits: ReturnedDebit[];
  rejectedScopes: RejectedScope[];
};

type Node = Record<string, unknown>;

const REPEATED = new Set([
  "OrgnlPmtInfAndSts",
  "TxInfAndSts",
  "StsRsnInf",
  "Ntfctn",
  "Ntry",
  "NtryDtls",
  "TxDtls",
  "AddtlInf",
]);

// Namespace prefixes dropped and every value kept as text: amounts and ids are parsed here, never as numbers.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Node)[name];
  }
  return current;
}

function children(node: unknown, name: string): Node[] {
  const value = child(node, name);
  return Array.isArray(value) ? (value as Node[]) : [];
}

/** An element's text: the string itself, or `#text` of an element with attributes (`<Amt Ccy="EUR">1.00</Amt>`). */
function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  if (typeof value === "string") return value;
  const inner = child(value, "#text");
  return typeof inner === "string" ? inner : null;
}

const AMOUNT = /^\d{1,18}(\.\d{1,2})?$/;

function cents(amount: string | null): bigint | null {
  return amount !== null && AMOUNT.test(amount) ? toCents(amount) : null;
}

/** A reason's code as a typed one is checked (REASON_CODE); null when it has none or one of another form. */
function reasonCodeIn(reason: unknown): string | null {
  const code = (text(reason, "Rsn", "Cd") ?? text(reason, "Rsn", "Prtry"))?.trim().toUpperCase();
  return code && REASON_CODE.test(code) ? code : null;
}

/** One line of the file, or null when it lacks what a return needs (then the whole file is refused, not half read). */
function returnedDebit(endToEndId: string | null, amount: string | null, reason: unknown): ReturnedDebit | null {
  const amountCents = cents(amount);
  const reasonCode = reasonCodeIn(reason);
  if (!endToEndId || amountCents === null || !reasonCode) return null;
  const bankText = children(reason, "AddtlInf").map(String).join(" ").trim();
  return { endToEndId, amountCents, reasonCode, reason: reasonWords(reasonCode), bankText: bankText || null };
}

/**
 * pain.002: the rejected transactions (TxSts RJCT). A transaction's reason is its own, else its payment block's,
 * else the group's (a bank rejecting a whole block gives the reason once).
 */
function rejections(report: Node): (ReturnedDebit | null)[] {
  const groupReason = children(child(report, "OrgnlGrpInfAndSts"), "StsRsnInf")[0];
  return children(report, "OrgnlPmtInfAndSts").flatMap((block) => {
    const blockReason = children(block, "StsRsnInf")[0] ?? groupReason;
    return children(block, "TxInfAndSts")
      .filter((transaction) => (text(transaction, "TxSts") ?? text(block, "PmtInfSts")) === "RJCT")
      .map((transaction) =>
        returnedDebit(
          text(transaction, "OrgnlEndToEndId"),
          text(transaction, "OrgnlTxRef", "Amt", "InstdAmt"),
          children(transaction, "StsRsnInf")[0] ?? blockReason,
        ),
      );
  });
}

/** ISO 20022's "reason not specified", for a rejection that gives none. */
const UNSPECIFIED = "MS03";
/** The sequence in a payment block's id as pain008.ts writes it: `<message>-RCUR-20261203`. */
const BLOCK_SEQUENCE = /-(FRST|RCUR|OOFF|FNAL)-\d{8}$/;

/** A scope's reason code: MS03 when it gives none, null (the file refused) when it gives one of another form. */
const reasonCodeOf = (reason: unknown) =>
  text(reason, "Rsn", "Cd") === null && text(reason, "Rsn", "Prtry") === null ? UNSPECIFIED : reasonCodeIn(reason);

/**
 * pain.002: what was rejected whole, without its transactions listed: the message (GrpSts RJCT), or a payment block
 * (PmtInfSts RJCT). Null when a rejected block is not one of ours (its sequence cannot be told): the file is refused.
 */
function rejectedScopes(report: Node): RejectedScope[] | null {
  const group = child(report, "OrgnlGrpInfAndSts");
  const groupReason = children(group, "StsRsnInf")[0];
  if (text(group, "GrpSts") === "RJCT") {
    const reasonCode = reasonCodeOf(groupReason);
    return reasonCode ? [{ sequence: null, reasonCode }] : null;
  }
  const scopes: RejectedScope[] = [];
  for (const block of children(report, "OrgnlPmtInfAndSts")) {
    if (text(block, "PmtInfSts") !== "RJCT" || children(block, "TxInfAndSts").length > 0) continue;
    const sequence = BLOCK_SEQUENCE.exec(text(block, "OrgnlPmtInfId") ?? "")?.[1];
    const reasonCode = reasonCodeOf(children(block, "StsRsnInf")[0] ?? groupReason);
    if (!sequence || !reasonCode) return null;
    scopes.push({ sequence, reasonCode });
  }
  return scopes;
}

/** camt.054: the transactions that carry return information; the amount is the transaction's, else its entry's. */
function returns(notification: Node): (ReturnedDebit | null)[] {
  return children(notification, "Ntfctn").flatMap((account) =>
    children(account, "Ntry").flatMap((entry) =>
      children(entry, "NtryDtls").flatMap((details) =>
        children(details, "TxDtls")
          .filter((transaction) => child(transaction, "RtrInf") !== undefined)
          .map((transaction) =>
            returnedDebit(
              text(transaction, "Refs", "EndToEndId"),
              text(transaction, "Amt") ??
                text(transaction, "AmtDtls", "TxAmt", "Amt") ??
                text(transaction, "AmtDtls", "InstdAmt", "Amt") ??
                text(entry, "Amt"),
              child(transaction, "RtrInf"),
            ),
          ),
      ),
    ),
  );
}

function complete(
  file: Omit<ReturnFile, "debits" | "rejectedScopes">,
  debits: (ReturnedDebit | null)[],
  scopes: RejectedScope[] | null = [],
): Result<ReturnFile> {
  if (scopes === null || debits.some((debit) => debit === null)) return fail(SepaErrors.unreadableReturnFile);
  return ok({ ...file, debits: debits as ReturnedDebit[], rejectedScopes: scopes });
}

/** ISO 20022 messages carry no document type declaration; refusing one keeps entity expansion out of a file upload. */
const DOCTYPE = /<!DOCTYPE/i;

/** The file's elements; null for what the parser refuses (an element named `__proto__`: it guards the prototype). */
function parsed(xml: string): unknown {
  try {
    return parser.parse(xml);
  } catch {
    return null;
  }
}

/**
 * Reads a bank's return file; anything else (another message, broken XML, a line without id, amount or a reason code
 * of four letters or digits) is refused.
 */
export function parseReturnFile(xml: string): Result<ReturnFile> {
  if (DOCTYPE.test(xml) || XMLValidator.validate(xml) !== true) return fail(SepaErrors.unreadableReturnFile);
  const document = child(parsed(xml), "Document");
  const report = child(document, "CstmrPmtStsRpt");
  if (report && typeof report === "object") {
    const original = child(report, "OrgnlGrpInfAndSts");
    const file = {
      format: "pain.002" as const,
      originalMessageId: text(original, "OrgnlMsgId"),
      groupStatus: text(original, "GrpSts"),
    };
    return complete(file, rejections(report as Node), rejectedScopes(report as Node));
  }
  const notification = child(document, "BkToCstmrDbtCdtNtfctn");
  if (notification && typeof notification === "object") {
    return complete({ format: "camt.054", originalMessageId: null, groupStatus: null }, returns(notification as Node));
  }
  return fail(SepaErrors.unreadableReturnFile);
}
