import * as R from '../responsible-gaming';
import { route } from './route-def';

/** Responsible gaming: limits, reality check, time-out, self-exclusion (server: responsible-gaming/). */
export const responsibleGamingRoutes = {
  getResponsibleGaming: route({
    method: 'GET',
    path: '/Account/ResponsibleGaming',
    auth: 'user',
    tag: 'Account',
    summary:
      "The player's limits with what was used and any pending increase, reality check, time-out, self-exclusion and history",
    query: undefined,
    body: undefined,
    result: R.ResponsibleGamingSchema,
  }),
  setResponsibleGaming: route({
    method: 'POST',
    path: '/Account/ResponsibleGaming',
    auth: 'user',
    tag: 'Account',
    summary:
      'Change limits (a decrease at once, an increase after 24 hours and a confirmation), the reality check, a time-out or self-exclusion',
    query: undefined,
    body: R.ResponsibleGamingInputSchema,
    result: R.ResponsibleGamingSchema,
  }),
  devAgeResponsibleGaming: route({
    method: 'POST',
    path: '/dev/responsible-gaming/age',
    auth: 'none',
    tag: 'Development',
    summary: "Move one player's responsible-gaming times back by some hours (not in production)",
    query: undefined,
    body: R.DevAgeResponsibleGamingInputSchema,
    result: R.DevAgeResponsibleGamingResultSchema,
  }),
};
