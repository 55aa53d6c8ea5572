// Sports, events, markets and odds payloads: owned by the sports work, filled in there.
export {};
