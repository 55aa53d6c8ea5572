import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s rather than 1 s: a ceiling, not a speed target. On a loaded
// 2-core CI machine the first render of a lazily imported page can take over a second.
configure({ asyncUtilTimeout: 5000 });
