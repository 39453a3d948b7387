/** An operation's example exchange, recorded from an integration test (tests/support/openapi-examples.ts). */
export type OperationExamples = {
  /** The test file whose call gave it. */
  source: string;
  /** The JSON body sent, when the operation takes one. */
  request?: unknown;
  /** The JSON body of the success answer, when it has one. */
  response?: unknown;
};

/** Examples by operation, `POST /api/members`. */
export type ExamplesByOperation = Readonly<Record<string, OperationExamples>>;

type Content = Record<string, Record<string, unknown>>;
type Operation = {
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
};

const withJsonExample = (content: Content | undefined, example: unknown): Content | undefined => {
  const json = content?.["application/json"];
  return json && example !== undefined ? { ...content, "application/json": { ...json, example } } : content;
};

/** The operation with its recorded exchange as the example of its JSON request body and of its success answer. */
export function withExamples<T extends object>(operation: T, examples?: OperationExamples): T {
  if (!examples) return operation;
  const { requestBody, responses } = operation as Operation;
  const successStatus = Object.keys(responses).find((status) => status.startsWith("2")) ?? "200";
  const success = responses[successStatus];
  return {
    ...operation,
    ...(requestBody && {
      requestBody: { ...requestBody, content: withJsonExample(requestBody.content, examples.request) },
    }),
    responses: {
      ...responses,
      ...(success && { [successStatus]: { ...success, content: withJsonExample(success.content, examples.response) } }),
    },
  };
}
