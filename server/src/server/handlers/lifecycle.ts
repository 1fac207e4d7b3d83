// After `shutdown`, the protocol allows only `exit`: every other request is answered with
// InvalidRequest and notifications are ignored. The connection is wrapped once, so every feature
// module's handlers get this without knowing about it.
import { Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';

/** Registration methods whose handlers answer requests (the rest take notifications). */
const NOTIFICATION_METHODS = /^on(Did|Initialized$|Notification$|Initialize$|Progress$)/;

type AnyFunction = (...args: unknown[]) => unknown;

const shutDownError = () => new ResponseError(ErrorCodes.InvalidRequest, 'The server is shut down: only exit is accepted.');

export function refuseAfterShutdown(connection: Connection): Connection {
  let shutDown = false;
  // The protocol has one shutdown handler: modules that register one are all called from it.
  const onShutdown: AnyFunction[] = [];
  connection.onShutdown(async (...args: unknown[]) => {
    // A second `shutdown` is a request after shutdown like any other.
    if (shutDown) throw shutDownError();
    shutDown = true;
    for (const handler of onShutdown) await handler(...args);
  });
  const guard = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver) as unknown;
        if (property === 'onShutdown') return (handler: AnyFunction) => void onShutdown.push(handler);
        if (property === 'workspace' || property === 'languages' || property === 'window') {
          return value && typeof value === 'object' ? guard(value as object) : value;
        }
        if (typeof property !== 'string' || !property.startsWith('on') || typeof value !== 'function' || property === 'onShutdown' || property === 'onExit') return value;
        const register = value as AnyFunction;
        const notification = NOTIFICATION_METHODS.test(property);
        return (...args: unknown[]) => {
          // The handler is the last function argument (`onRequest(method, handler)` has two).
          const at = args.map((a) => typeof a === 'function').lastIndexOf(true);
          if (at >= 0) {
            const handler = args[at] as AnyFunction;
            args[at] = (...params: unknown[]) => {
              if (!shutDown) return handler(...params);
              if (notification) return undefined;
              throw shutDownError();
            };
          }
          return register.apply(object, args);
        };
      },
    });
  return guard(connection);
}
