// Throwaway (issue 25): a feature importing another feature must fail lint.
export { useRoutes } from '../routes/api/routes';
