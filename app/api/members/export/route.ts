import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { memberCsvStream } from "@/lib/members/export";
import { clubToday, memberExportQuery } from "@/lib/members/schemas";

export const dynamic = "force-dynamic";

/** The list's filters as a streamed CSV download, however many members match. */
export const GET = route(
  {
    access: "members:read",
    query: memberExportQuery,
    summary: "Export members as CSV",
    response: {
      contentType: "text/csv",
      description:
        "A streamed CSV download (UTF-8 with BOM, RFC 4180; separated by semicolons for `language=es`), named members-YYYY-MM-DD.csv.",
    },
  },
  async ({ query, services }) => {
    const { db } = services;
    return new Response(await memberCsvStream(db, query), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="members-${clubToday(services.club.timeZone)}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
