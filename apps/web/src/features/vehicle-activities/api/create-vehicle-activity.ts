// Kept for the add-vehicles form, which imports this path; the API of vehicle activities is ./vehicle-activities.ts.
export { createVehicleActivity, useCreateVehicleActivity } from './vehicle-activities';
