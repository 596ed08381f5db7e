import { createBrowserRouter } from 'react-router'
import { RouteError } from './route-error'
import { layoutRoutes } from './routes'
import { Shell } from './shell'

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <Shell />, errorElement: <RouteError />, children: layoutRoutes },
  ])
}
