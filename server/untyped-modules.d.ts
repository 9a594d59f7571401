// express, compression, morgan and on-headers ship no types, and their @types/* packages are not installed.
// server/*.mjs describes what it uses of them with JSDoc; adding the @types packages makes this file unnecessary.
declare module "express";
declare module "compression";
declare module "morgan";
declare module "on-headers";
