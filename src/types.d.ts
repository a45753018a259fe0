// assets embedded by `bun build --compile` through file imports: the import is the file's path
declare module "*.js" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}

declare module "*.sql" {
  const text: string;
  export default text;
}
