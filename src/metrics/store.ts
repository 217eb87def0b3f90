/**
 * A store whose every call is timed into `foodbase_store_call_duration_seconds`, labelled by method
 * (`folksonomy.` for the folksonomy store's). A Proxy, so that the Store interface and its two
 * implementations stay as they are; used only when metrics are on, so a server without them pays nothing.
 */
import type { Store } from "../store/types.js";
import type { Metrics } from "./metrics.js";

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function timed<T extends object>(target: T, metrics: Metrics, prefix: string, skip: ReadonlySet<string>): T {
  const wrappers = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function" || typeof property !== "string" || skip.has(property)) return value;
      let wrapper = wrappers.get(property);
      if (wrapper === undefined) {
        const operation = `${prefix}${property}`;
        const method = value as (...args: unknown[]) => unknown;
        wrapper = (...args: unknown[]) => {
          const end = metrics.storeSeconds.startTimer({ operation });
          let result: unknown;
          try {
            // The target itself as `this`: its own calls to its other methods are not counted twice.
            result = method.apply(object, args);
          } catch (e) {
            end({ outcome: "error" });
            throw e;
          }
          if (!isPromise(result)) {
            end({ outcome: "ok" });
            return result;
          }
          return result.then(
            (v) => {
              end({ outcome: "ok" });
              return v;
            },
            (e: unknown) => {
              end({ outcome: "error" });
              throw e;
            },
          );
        };
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

/** Not queries: closing the store. */
const UNTIMED = new Set(["close", "constructor"]);

export function instrumentStore(store: Store, metrics: Metrics): Store {
  const folksonomy = timed(store.folksonomy, metrics, "folksonomy.", UNTIMED);
  const instrumented = timed(store, metrics, "", UNTIMED);
  return new Proxy(instrumented, {
    get(object, property, receiver) {
      if (property === "folksonomy") return folksonomy;
      return Reflect.get(object, property, receiver);
    },
  });
}
