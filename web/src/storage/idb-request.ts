// An IndexedDB request as a promise: its result, or its error. Shared by the page's two stores
// (My puzzles, mine/db.ts; run checkpoints, ui/run-checkpoints.ts).
export const requestResult = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
