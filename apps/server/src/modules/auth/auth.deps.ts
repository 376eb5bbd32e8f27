import type { Config } from '../../config.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

/** What the sign-in, code and profile steps of the auth module use besides the database and the request context. */
export interface AuthDeps {
  config: Config;
  customers: CustomersService;
  notifications: NotificationsService;
}
