// Realtime hub payloads: owned by the realtime-hub work, filled in there.
export {};
