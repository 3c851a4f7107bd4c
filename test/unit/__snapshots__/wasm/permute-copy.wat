(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32) (local $5 i32) (local $6 i32) (local $7 i32)
  local.get 2
  local.set 4
  block
    loop
      local.get 4
      local.get 3
      i32.ge_s
      br_if 1
      local.get 4
      local.set 6
      local.get 4
      i32.const 32
      i32.mul
      local.set 7
      i32.const 0
      local.set 5
      block
        loop
          local.get 5
          i32.const 32
          i32.ge_s
          br_if 1
          local.get 0
          local.get 4
          i32.const 32
          i32.mul
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 4
          local.get 5
          i32.const 16
          i32.mul
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.store
          local.get 5
          i32.const 1
          i32.add
          local.set 5
          br 0
        end
      end
      local.get 4
      i32.const 1
      i32.add
      local.set 4
      br 0
    end
  end
)