import { describe, expect, it } from "vitest";
import { parseReturnFile } from "./returns";

/** A bank's payment status report on a remittance: one collection rejected per transaction, one block rejected whole. */
const PAIN_002 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrPmtStsRpt>
    <GrpHdr>
      <MsgId>RECH-20261203-000017</MsgId>
      <CreDtTm>2026-12-03T08:12:44</CreDtTm>
      <InitgPty><Id><OrgId><BICOrBEI>CAIXESBBXXX</BICOrBEI></OrgId></Id></InitgPty>
    </GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>REM-2026-11-27-0001</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
      <OrgnlNbOfTxs>4</OrgnlNbOfTxs>
      <OrgnlCtrlSum>174.70</OrgnlCtrlSum>
      <GrpSts>PART</GrpSts>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>REM-2026-11-27-0001-RCUR-20261202</OrgnlPmtInfId>
      <PmtInfSts>PART</PmtInfSts>
      <TxInfAndSts>
        <StsId>000017-0001</StsId>
        <OrgnlEndToEndId>F2026-000123</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf>
          <Orgtr><Id><OrgId><BICOrBEI>BBVAESMMXXX</BICOrBEI></OrgId></Id></Orgtr>
          <Rsn><Cd>AC04</Cd></Rsn>
          <AddtlInf>CUENTA CANCELADA</AddtlInf>
        </StsRsnInf>
        <OrgnlTxRef>
          <Amt><InstdAmt Ccy="EUR">49.90</InstdAmt></Amt>
          <ReqdColltnDt>2026-12-02</ReqdColltnDt>
          <MndtRltdInf><MndtId>CLUBOPS-000042-1</MndtId><DtOfSgntr>2026-01-15</DtOfSgntr></MndtRltdInf>
        </OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <StsId>000017-0002</StsId>
        <OrgnlEndToEndId>F2026-000124</OrgnlEndToEndId>
        <TxSts>ACCP</TxSts>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">25.00</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>REM-2026-11-27-0001-FRST-20261202</OrgnlPmtInfId>
      <PmtInfSts>RJCT</PmtInfSts>
      <StsRsnInf><Rsn><Cd>FF05</Cd></Rsn></StsRsnInf>
      <TxInfAndSts>
        <OrgnlEndToEndId>F2026-000125</OrgnlEndToEndId>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">0.01</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>F2026-000126</OrgnlEndToEndId>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">99.79</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;

/** A debit notification listing two returns after settlement (one refund the member asked for) and a normal credit. */
const CAMT_054 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>DEV-20261208-0042</MsgId><CreDtTm>2026-12-08T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>DEV-20261208-0042-1</Id>
      <CreDtTm>2026-12-08T06:00:00</CreDtTm>
      <Acct><Id><IBAN>ES7921000813610123456789</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">1234617.79</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-12-08</Dt></BookgDt>
        <ValDt><Dt>2026-12-08</Dt></ValDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><MsgId>REM-2026-11-27-0001</MsgId><EndToEndId>F2026-000124</EndToEndId><MndtId>CLUBOPS-000043-1</MndtId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">1234567.89</Amt></TxAmt></AmtDtls>
            <RtrInf>
              <OrgnlBkTxCd><Prtry><Cd>SDD</Cd></Prtry></OrgnlBkTxCd>
              <Orgtr><Id><OrgId><BICOrBEI>BSCHESMMXXX</BICOrBEI></OrgId></Id></Orgtr>
              <Rsn><Cd>AM04</Cd></Rsn>
            </RtrInf>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>F2026-000127</EndToEndId></Refs>
            <AmtDtls><InstdAmt><Amt Ccy="EUR">49.90</Amt></InstdAmt></AmtDtls>
            <RtrInf><Rsn><Cd>MD06</Cd></Rsn><AddtlInf>Devolucion solicitada</AddtlInf><AddtlInf>por el titular</AddtlInf></RtrInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">25.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls><Refs><EndToEndId>F2026-000200</EndToEndId></Refs></TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

describe("bank return files", () => {
  it("reads a pain.002's rejected transactions with their own, their block's or no reason refused", () => {
    const parsed = parseReturnFile(PAIN_002);
    expect(parsed).toEqual({
      ok: true,
      value: {
        format: "pain.002",
        originalMessageId: "REM-2026-11-27-0001",
        groupStatus: "PART",
        debits: [
          {
            endToEndId: "F2026-000123",
            amountCents: 4990n,
            reasonCode: "AC04",
            reason: { en: "Account closed", es: "Cuenta cancelada" },
            bankText: "CUENTA CANCELADA",
          },
          expect.objectContaining({ endToEndId: "F2026-000125", amountCents: 1n, reasonCode: "FF05", bankText: null }),
          expect.objectContaining({ endToEndId: "F2026-000126", amountCents: 9979n, reasonCode: "FF05" }),
        ],
        // Its rejected block lists its transactions: they are the debits above, nothing rejected "whole".
        rejectedScopes: [],
      },
    });
  });

  /** A report that rejects `what` whole without listing a transaction: the message, or one of its blocks. */
  const rejectedWhole = (groupStatus: string, blocks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>RECH-20261203-000018</MsgId><CreDtTm>2026-12-03T08:12:44</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>REM-2026-11-27-0001</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
      <GrpSts>${groupStatus}</GrpSts>
      <StsRsnInf><Rsn><Cd>FF01</Cd></Rsn><AddtlInf>FICHERO NO VALIDO</AddtlInf></StsRsnInf>
    </OrgnlGrpInfAndSts>
    ${blocks}
  </CstmrPmtStsRpt>
</Document>`;

  it("reads a rejection of the whole message, or of a payment block, that lists no transaction", () => {
    expect(parseReturnFile(rejectedWhole("RJCT", ""))).toMatchObject({
      ok: true,
      value: { groupStatus: "RJCT", debits: [], rejectedScopes: [{ sequence: null, reasonCode: "FF01" }] },
    });
    const block = (id: string, reason = "") =>
      `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${id}</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts>${reason}</OrgnlPmtInfAndSts>`;
    const blocks = `${block("REM-2026-11-27-0001-FRST-20261202", "<StsRsnInf><Rsn><Cd>MD01</Cd></Rsn></StsRsnInf>")}${block("REM-2026-11-27-0001-RCUR-20261202")}`;
    expect(parseReturnFile(rejectedWhole("PART", blocks))).toMatchObject({
      ok: true,
      value: {
        rejectedScopes: [
          { sequence: "FRST", reasonCode: "MD01" },
          // No reason of its own: the group's.
          { sequence: "RCUR", reasonCode: "FF01" },
        ],
      },
    });
    // A block that is not one of ours: which debits it held cannot be told, so the file is refused, not half read.
    expect(parseReturnFile(rejectedWhole("PART", block("LOTE-7")))).toMatchObject({
      ok: false,
      error: { code: "Billing.UnreadableReturnFile" },
    });
  });

  it("reads a camt.054's returns with the transaction's amount and leaves other entries alone", () => {
    const parsed = parseReturnFile(CAMT_054);
    expect(parsed).toEqual({
      ok: true,
      value: {
        format: "camt.054",
        originalMessageId: null,
        groupStatus: null,
        debits: [
          {
            endToEndId: "F2026-000124",
            amountCents: 123_456_789n,
            reasonCode: "AM04",
            reason: { en: "Insufficient funds", es: "Saldo insuficiente" },
            bankText: null,
          },
          {
            endToEndId: "F2026-000127",
            amountCents: 4990n,
            reasonCode: "MD06",
            reason: { en: "Refund requested by the member", es: "Devolución solicitada por el socio" },
            bankText: "Devolucion solicitada por el titular",
          },
        ],
        rejectedScopes: [],
      },
    });
  });

  it("reads a later version with namespace prefixes and a proprietary reason it does not know", () => {
    const xml = `<ns:Document xmlns:ns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><ns:BkToCstmrDbtCdtNtfctn>
      <ns:Ntfctn><ns:Ntry><ns:Amt Ccy="EUR">10.5</ns:Amt><ns:NtryDtls><ns:TxDtls>
        <ns:Refs><ns:EndToEndId>F2026-000300</ns:EndToEndId></ns:Refs>
        <ns:RtrInf><ns:Rsn><ns:Prtry>X123</ns:Prtry></ns:Rsn></ns:RtrInf>
      </ns:TxDtls></ns:NtryDtls></ns:Ntry></ns:Ntfctn></ns:BkToCstmrDbtCdtNtfctn></ns:Document>`;
    const parsed = parseReturnFile(xml);
    expect(parsed.ok && parsed.value.debits).toEqual([
      {
        endToEndId: "F2026-000300",
        amountCents: 1050n,
        reasonCode: "X123",
        reason: { en: "Bank reason X123", es: "Motivo bancario X123" },
        bankText: null,
      },
    ]);
  });

  it("answers an accepted report with no rejections", () => {
    const accepted = PAIN_002.replace(/<OrgnlPmtInfAndSts>[\s\S]*<\/OrgnlPmtInfAndSts>/, "").replace("PART", "ACCP");
    expect(parseReturnFile(accepted)).toEqual({
      ok: true,
      value: {
        format: "pain.002",
        originalMessageId: "REM-2026-11-27-0001",
        groupStatus: "ACCP",
        debits: [],
        rejectedScopes: [],
      },
    });
  });

  it("refuses what is neither, broken XML and returns it cannot account for", () => {
    const refused = { ok: false, error: expect.objectContaining({ code: "Billing.UnreadableReturnFile" }) };
    expect(parseReturnFile("")).toEqual(refused);
    expect(parseReturnFile("IBAN;importe\nES91;49,90")).toEqual(refused);
    expect(parseReturnFile("<Document><CstmrDrctDbtInitn/></Document>")).toEqual(refused);
    expect(parseReturnFile(PAIN_002.replace("</Document>", ""))).toEqual(refused);
    const entities = '<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    expect(parseReturnFile(PAIN_002.replace("<Document ", `${entities}<Document `))).toEqual(refused);
    expect(parseReturnFile(CAMT_054.replace("<Rsn><Cd>AM04</Cd></Rsn>", ""))).toEqual(refused);
    expect(parseReturnFile(CAMT_054.replace("1234567.89", "1.234.567,89"))).toEqual(refused);
    expect(parseReturnFile(PAIN_002.replace("<OrgnlEndToEndId>F2026-000123</OrgnlEndToEndId>", ""))).toEqual(refused);
  });

  it("refuses an element the parser refuses (__proto__) instead of failing, and reason codes of another form", () => {
    const refused = { ok: false, error: expect.objectContaining({ code: "Billing.UnreadableReturnFile" }) };
    expect(
      parseReturnFile(CAMT_054.replace("<Ntfctn>", "<Ntfctn><__proto__><polluted>1</polluted></__proto__>")),
    ).toEqual(refused);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A code is what a typed one is: four letters or digits (ExternalStatusReason1Code).
    for (const code of ["AM0", "AM044", "<b>X</b>", "AM 4", "ÁM04"])
      expect(parseReturnFile(CAMT_054.replace("<Cd>AM04</Cd>", `<Cd>${code}</Cd>`)), code).toEqual(refused);
    expect(parseReturnFile(CAMT_054.replace("<Cd>AM04</Cd>", "<Cd> am04 </Cd>"))).toMatchObject({
      ok: true,
      value: {
        debits: [expect.objectContaining({ reasonCode: "AM04" }), expect.objectContaining({ reasonCode: "MD06" })],
      },
    });
    const wholeMessage = PAIN_002.replace(
      "<GrpSts>PART</GrpSts>",
      "<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Prtry>TOO-LONG-CODE</Prtry></Rsn></StsRsnInf>",
    );
    expect(parseReturnFile(wholeMessage)).toEqual(refused);
  });
});
