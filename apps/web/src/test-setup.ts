// jsdom lacks nothing these tests need yet; the file exists so shared setup has one home.
export {};
