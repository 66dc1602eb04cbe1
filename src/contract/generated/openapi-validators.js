// Generated from openapi.yaml by scripts/generate-contract.ts (npm run generate).
// Do not edit: change openapi.yaml and regenerate.

const openApiFormats = {
  int32: { validate: n=>Number.isInteger(n)&&n>=-(2**31)&&n<=2**31-1 },
  int64: { validate: n=>Number.isInteger(n) },
};
export const validate_listPlants_200_application_json = validate21;
const schema32 = {"type":"array","items":{"$ref":"#/components/schemas/Plant"}};
const schema33 = {"description":"A plant as the store returns it. It never carries `id`.","type":"object","required":["name"],"additionalProperties":false,"properties":{"name":{"type":"string","description":"The plant's name.","examples":["Monstera"]},"tag":{"type":"string","description":"A free-form tag, such as a category.","examples":["tropical"]}}};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.name === undefined){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Plant/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data0){
if(!((key0 === "name") || (key0 === "tag"))){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Plant/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data0.name !== undefined){
if(typeof data0.name !== "string"){
const err2 = {instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/components/schemas/Plant/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data0.tag !== undefined){
if(typeof data0.tag !== "string"){
const err3 = {instancePath:instancePath+"/" + i0+"/tag",schemaPath:"#/components/schemas/Plant/properties/tag/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Plant/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

export const validate_Error = validate22;
const schema34 = {"description":"The body of every failure.","type":"object","required":["error","message"],"properties":{"error":{"type":"integer","format":"int32","description":"The HTTP status code of the response.","examples":[400]},"message":{"type":"string","description":"One sentence that names the offending field or header.","examples":["limit must be an integer from 0 to 2147483647."]}}};
const formats0 = openApiFormats.int32;

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.error === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.error !== undefined){
let data0 = data.error;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(!(formats0.validate(data0))){
const err3 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/format",keyword:"format",params:{format: "int32"},message:"must match format \""+"int32"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err4 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":{"error":true,"message":true},"dynamicProps":false,"dynamicItems":false};

export const validate_Plant = validate23;

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "name") || (key0 === "tag"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.tag !== undefined){
if(typeof data.tag !== "string"){
const err3 = {instancePath:instancePath+"/tag",schemaPath:"#/properties/tag/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** For each operation, each response openapi.yaml declares, the validator per media type. */
export const responseValidators = {
  "listPlants": {
    "200": {
      "application/json": validate_listPlants_200_application_json,
    },
    "400": {
      "application/json": validate_Error,
    },
    "401": {
      "application/json": validate_Error,
    },
    "default": {
      "application/json": validate_Error,
    },
  },
  "createPlant": {
    "200": {
      "application/json": validate_Plant,
    },
    "201": {
      "application/json": validate_Plant,
    },
    "400": {
      "application/json": validate_Error,
    },
    "401": {
      "application/json": validate_Error,
    },
    "409": {
      "application/json": validate_Error,
    },
    "413": {
      "application/json": validate_Error,
    },
    "415": {
      "application/json": validate_Error,
    },
    "default": {
      "application/json": validate_Error,
    },
  },
};

/** `info.version` of the openapi.yaml these validators were generated from. */
export const specVersion = "1.0.0";
