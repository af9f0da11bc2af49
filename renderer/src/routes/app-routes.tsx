import { Route, Routes } from 'react-router-dom';
import { SecondFactorGate } from '../features/two-step/second-factor-gate';
import { RouteGate } from './route-gate';
import { appRoutes } from './route-table';

export function AppRoutes() {
  return (
    <SecondFactorGate>
      <Routes>
        {appRoutes.map(({ path, rule, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteGate key={path} rule={rule}>
                <Page />
              </RouteGate>
            }
          />
        ))}
      </Routes>
    </SecondFactorGate>
  );
}
