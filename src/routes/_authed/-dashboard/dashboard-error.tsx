// A dashboard route's error screen: opened offline and never saved on this device, it says so plainly.
// Its own module: the error screen's chunk must not bring the dashboard page's imports with it.
import type { ErrorComponentProps } from '@tanstack/react-router'
import { RouteError } from '../../../components/ui/route-error'

const OFFLINE = { title: "You're offline", body: "This dashboard hasn't been saved on this device yet. It will load as soon as you're back online." }

export const DashboardError = (props: ErrorComponentProps) => <RouteError {...props} text={{ offline: OFFLINE }} />
