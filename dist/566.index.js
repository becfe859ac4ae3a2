export const id = 566;
export const ids = [566];
export const modules = {

/***/ 3566:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   loadEvent: () => (/* binding */ loadEvent)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(301);


/**
 * The triggering event as the runner gives it. A path that is set but unreadable or not
 * JSON is an error; no path at all is allowed only when the caller does not need the event.
 */
async function loadEvent(env, options) {
    const name = env.GITHUB_EVENT_NAME ?? '';
    const path = env.GITHUB_EVENT_PATH ?? '';
    if (!path) {
        if (options.required)
            throw new _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('GITHUB_EVENT_PATH is not set, so there is no event to derive a dispatch key from. ' +
                'Run inside a workflow, or set the dispatch-key input.');
        return { name, payload: {} };
    }
    let text;
    try {
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The event file ${path} (GITHUB_EVENT_PATH) cannot be read: ${error.message}. ` +
            'The runner writes it for every job; check that no step removed it.');
    }
    let payload;
    try {
        payload = JSON.parse(text);
    }
    catch (error) {
        throw new _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The event file ${path} (GITHUB_EVENT_PATH) is not valid JSON: ${error.message}.`);
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        throw new _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The event file ${path} (GITHUB_EVENT_PATH) does not hold a JSON object.`);
    return { name, payload };
}


/***/ })

};
