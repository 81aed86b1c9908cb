/** Sets `record[key]` as an own data property, so a key such as `__proto__` is stored instead of changing the prototype. */
export function setOwnProperty<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
