/**
 * What a loader or action answered, for server tests that call route or panel functions
 * directly: a Response (a redirect, thrown or returned), or single-fetch `data()` with its
 * status, or plain data (status 200).
 */
export interface Outcome<Data> {
  status: number;
  response: Response | null;
  data: Data | null;
}

export async function outcome<Data>(promise: Promise<unknown>): Promise<Outcome<Data>> {
  try {
    const value = await promise;
    if (value instanceof Response) return { status: value.status, response: value, data: null };
    const wrapped = value as { type?: string; data?: Data; init?: { status?: number } | null };
    if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, response: null, data: wrapped.data! };
    return { status: 200, response: null, data: value as Data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, data: null };
    throw error;
  }
}
