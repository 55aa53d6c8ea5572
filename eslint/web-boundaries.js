// One-way imports in the web client: shared -> features -> app, and one zone per feature.
// A feature never imports another feature: what several features need lives in shared/, and
// app/ composes features (route elements, props, slots).
import { boundaries, boundariesSettings } from './boundaries-base.js';

const src = 'apps/web/src';

export const webElements = [
  { type: 'web-app', pattern: `${src}/app`, partialMatch: false },
  { type: 'web-feature', pattern: `${src}/features/*`, capture: ['feature'], partialMatch: false },
  { type: 'web-shared', pattern: `${src}/shared`, partialMatch: false },
];

const element = (type) => ({ element: { type } });
const side = (who) =>
  `{{ ${who}.element.type }}{{#if ${who}.element.captured.feature}} '{{ ${who}.element.captured.feature }}'{{/if}}`;

export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: boundariesSettings({ elements: webElements, tsconfig: 'apps/web/tsconfig.json' }),
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          // Anything not allowed below is refused; imports inside one element are not checked.
          default: 'disallow',
          message: `${side('from')} must not import ${side('to')}: web imports run shared -> features -> app, and a feature never imports another feature`,
          policies: [
            {
              from: element('web-app'),
              allow: { to: { element: { types: ['web-feature', 'web-shared'] } } },
            },
            { from: element('web-feature'), allow: { to: element('web-shared') } },
          ],
        },
      ],
    },
  },
];
