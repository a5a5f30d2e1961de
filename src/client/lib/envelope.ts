/**
 * Every API answer is an envelope, `{ success, message?, data }`; screens want its data. Query
 * hooks pass this as `select`, so the cache keeps the envelope (route loaders fill the same
 * entries) and components get the data.
 */
export function unwrap<T>(envelope: { data: T }): T {
  return envelope.data;
}
