/** The rejection of `promise`, failing the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );
  if (!("error" in outcome))
    throw new Error(`expected a rejection, got ${JSON.stringify(outcome)}`);
  return outcome.error;
}
